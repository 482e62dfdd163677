/** Query/mutation keys of the Prompt Generator. */
export const promptKeys = {
  all: ['prompts'] as const,
  send: (type: string) => [...promptKeys.all, 'send', type] as const,
};
