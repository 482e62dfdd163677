import { queryOptions } from '@tanstack/react-query';
import { SIGNED_ADDRESS_REFRESH_MS } from './media';
import { apiKey, apiQuery } from './query';

/**
 * Queries of resources that more than one screen shows. Social platforms are listed by the Social screen and by
 * Admin → Social: one query, so a connect or disconnect in either refreshes both.
 */
export const socialPlatformsQueryOptions = () => apiQuery('social.platforms');

/** The key of the social platforms' query, for the screens that read or refresh it by key. */
export const socialPlatformKeys = {
  list: () => apiKey('social.platforms'),
};

/** The Media Library's list, shown by the Media screen, the Social composer's media picker and Video Studio. */
export const mediaLibraryQueryOptions = () =>
  queryOptions({ ...apiQuery('media.list'), refetchInterval: SIGNED_ADDRESS_REFRESH_MS });
