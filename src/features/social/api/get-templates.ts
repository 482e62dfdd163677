import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const useTemplates = () => useQuery(apiQuery('social.templates'));
