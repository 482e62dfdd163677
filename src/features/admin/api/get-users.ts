import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const usersQuery = () => apiQuery('users.list');
export const useUsers = () => useQuery(usersQuery());
