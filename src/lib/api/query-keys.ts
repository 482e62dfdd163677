import { queryOptions } from '@tanstack/react-query';
import { SIGNED_ADDRESS_REFRESH_MS } from './media';
import { apiQuery } from './query';

/** The social platforms, listed by the Social screen and Admin → Social: one query, so either's change shows in both. */
export const socialPlatformsQueryOptions = () => apiQuery('social.platforms');

/** The Media Library's list, shown by the Media screen, the Social composer's media picker and Video Studio. */
export const mediaLibraryQueryOptions = () =>
  queryOptions({ ...apiQuery('media.list'), refetchInterval: SIGNED_ADDRESS_REFRESH_MS });
