import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** GET /workflow/pipeline, read every 5 s while the Monitoring tab is open (live monitoring). */
export const pipelineQuery = () => queryOptions({ ...apiQuery('workflow.pipeline'), refetchInterval: 5000 });
export const usePipeline = () => useQuery(pipelineQuery());
