export { AiNewsPage } from './components/ai-news-page';
