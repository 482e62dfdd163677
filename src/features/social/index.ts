export { SocialPage } from './components/social-page';
