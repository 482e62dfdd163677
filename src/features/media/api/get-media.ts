import { useQuery } from '@tanstack/react-query';
import { mediaLibraryQueryOptions } from '@/lib/api/query-keys';

export const useMedia = () => useQuery(mediaLibraryQueryOptions());
