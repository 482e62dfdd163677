// Small real files made in code (no binary fixtures in git): a 1×1 PNG, a minimal MP4 and an n8n workflow JSON.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 RGBA PNG (one orange pixel). */
export function makePng(): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, 0xf9, 0x73, 0x16, 0xff]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function box(type: string, ...parts: Buffer<ArrayBuffer>[]): Buffer<ArrayBuffer> {
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'ascii'), body]);
}

/** An ISO base media file with the 'isom'/'mp41' brands (what content sniffing reads as video/mp4) and an empty media box. */
export function makeMp4(): Buffer<ArrayBuffer> {
  return Buffer.concat([
    box('ftyp', Buffer.from('isom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41', 'ascii')),
    box('free'),
    box('mdat'),
  ]);
}

/** A small n8n workflow export. */
export function makeWorkflowJson(name = 'Newsdesk Konformitätstest'): Buffer<ArrayBuffer> {
  return Buffer.from(
    JSON.stringify(
      {
        name,
        nodes: [
          {
            id: 'n1',
            name: 'Webhook',
            type: 'n8n-nodes-base.webhook',
            typeVersion: 2,
            position: [0, 0],
            parameters: { path: 'konformitaet' },
          },
        ],
        connections: {},
        active: false,
        settings: {},
      },
      null,
      2,
    ),
  );
}
