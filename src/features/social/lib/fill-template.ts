export interface TemplateValues {
  title: string;
  videoLink: string;
  streamLink: string;
}

/** Fills {title}, {video_link} and {stream_link}; an empty value leaves its placeholder visible. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text
    .replaceAll('{title}', values.title.trim() || '{title}')
    .replaceAll('{video_link}', values.videoLink.trim() || '{video_link}')
    .replaceAll('{stream_link}', values.streamLink.trim() || '{stream_link}');
}
