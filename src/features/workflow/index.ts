export { WorkflowPage } from './components/workflow-page';
