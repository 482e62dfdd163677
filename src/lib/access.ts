// Who may call each operation, as the contract's `accessOf` says: a zod-free copy, so that a screen's buttons can be
// disabled without loading the contract; access.test.ts proves it equals the contract's table.
import type { OperationAccess, OperationId, Role } from '@/contract';

/** The roles, least first (the contract's ROLES). */
export const ROLE_ORDER: readonly Role[] = ['Viewer', 'Editor', 'Admin'];

/** Every operation whose least role is above Viewer, or that is no person's; the rest are a Viewer's. */
const ACCESS: Partial<Record<OperationId, OperationAccess>> = {
  'posts.create': 'Editor',
  'posts.update': 'Editor',
  'posts.delete': 'Editor',
  'news.generate': 'Editor',
  'news.publish': 'Editor',
  'news.reject': 'Editor',
  'news.retry': 'Editor',
  'media.upload': 'Editor',
  'media.delete': 'Editor',
  'workflow.trigger': 'Editor',
  'workflow.upload': 'Editor',
  'workflow.n8nUpload': 'Editor',
  'workflow.aiNewsStart': 'Editor',
  'workflow.retry': 'Editor',
  'workflow.runEvent': 'run-token',
  'workflow.stage': 'run-token',
  'sources.create': 'Editor',
  'sources.update': 'Editor',
  'sources.delete': 'Editor',
  'sources.fetch': 'Editor',
  'sources.fetchAll': 'Editor',
  'settings.update': 'Admin',
  'social.post': 'Editor',
  'social.tiktokPost': 'Editor',
  'social.instagramPost': 'Editor',
  'social.connect': 'Admin',
  'social.disconnect': 'Admin',
  'social.updateTemplate': 'Editor',
  'social.updateScheduled': 'Editor',
  'social.oauthStart': 'Admin',
  'social.retry': 'Editor',
  'obs.control': 'Editor',
  'obs.scene': 'Editor',
  'obs.streamStart': 'Editor',
  'obs.streamStop': 'Editor',
  'telegram.notify': 'Editor',
  'live.onAir': 'Editor',
  'ai.prompt': 'Editor',
  'tts.generate': 'Editor',
  'video.retryProject': 'Editor',
  'video.generate': 'Editor',
  'video.providerGenerate': 'Editor',
  'video.tavusCreate': 'Editor',
  'video.heygenCreate': 'Editor',
  'video.didCreate': 'Editor',
  'video.modelslabGenerate': 'Editor',
  'video.vidauCreate': 'Editor',
  'test.openai': 'Admin',
  'test.service': 'Admin',
  'users.create': 'Admin',
  'users.update': 'Admin',
  'users.delete': 'Admin',
  'users.passwordLink': 'Admin',
  'session.signIn': 'public',
  'session.setPassword': 'public',
  'audit.list': 'Admin',
  'audit.export': 'Admin',
  'keys.save': 'Admin',
  'keys.delete': 'Admin',
};

/** Who may call an operation (the contract's `accessOf`). */
export const accessOfId = (id: OperationId): OperationAccess => ACCESS[id] ?? 'Viewer';

/** Whether a user of `role` may call an operation of `access` (the contract's `roleAllows`). */
export function allows(role: Role, access: OperationAccess): boolean {
  const least = ROLE_ORDER.indexOf(access as Role);
  return least < 0 || ROLE_ORDER.indexOf(role) >= least;
}

/** Why a role may not call an operation: „Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.“ */
export function deniedReason(role: Role, access: OperationAccess): string | undefined {
  if (allows(role, access)) return undefined;
  const allowed = ROLE_ORDER.slice(ROLE_ORDER.indexOf(access as Role));
  const who = allowed.length === 1 ? allowed[0] : `die Rollen ${allowed.slice(0, -1).join(', ')} und ${allowed.at(-1)}`;
  return `Nur für ${who} – Sie sind als ${role} angemeldet.`;
}
