import { useQuery } from '@tanstack/react-query';
import { mediaLibraryQueryOptions } from '@/lib/api/query-keys';

/** The Media Library for the composer's picker (the Media screen's list and cache entry). */
export const useMediaLibrary = () => useQuery(mediaLibraryQueryOptions());
