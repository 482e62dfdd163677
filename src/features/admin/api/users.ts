import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createUser, listUsers } from '@/lib/api/users';
import { adminKeys } from './keys';

export const usersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.users(), queryFn: ({ signal }) => listUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
