export { LandingPage, type Navigate } from './components/landing-page';
