/**
 * The simulated OBS of mock mode (src/mocks/obs) answers ws://<any host>:4455 and asks for this password.
 * It is a demo value, shown on screen in mock mode; in live mode no simulated peer runs.
 */
export const DEMO_OBS_PORT = 4455;
export const DEMO_OBS_PASSWORD = 'newsdesk-obs';
