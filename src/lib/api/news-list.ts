import { apiQuery } from './query';

/** The AI News list, as the Live screen's rundown reads it: the same query, and key, as AI News Central's. */
export const aiNewsListQueryOptions = () => apiQuery('news.list');
