/** Whether an address from a feed may become a link: http(s) only, never javascript: or data:. */
export const isWebAddress = (url: string | undefined): url is string => url !== undefined && /^https?:\/\//i.test(url);
