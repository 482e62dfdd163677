import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const tokensQuery = () => apiQuery('tokens.list');
export const useTokens = () => useQuery(tokensQuery());
