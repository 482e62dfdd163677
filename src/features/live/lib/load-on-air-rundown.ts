// Imports nothing itself: the Live screen's chunk then imports this one without a preload list, and the list of the
// rundown's files (~0.6 KB gzip) comes with this chunk, after the screen's heading.
export const loadOnAirRundown = () => import('../components/on-air-rundown');
