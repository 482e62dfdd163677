import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** Token health (live mode; the demo stores no tokens and answers an empty list). */
export const useTokenStatus = () => useQuery(apiQuery('social.tokens'));
