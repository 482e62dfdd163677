import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDeskSettings, updateDeskSettings } from '@/lib/api/desk-settings';
import { adminKeys } from './keys';

export const deskSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.deskSettings(), queryFn: ({ signal }) => getDeskSettings(signal) });

export const useDeskSettings = () => useQuery(deskSettingsQueryOptions());

export function useUpdateDeskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeskSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.deskSettings(), settings),
  });
}
