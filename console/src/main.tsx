import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './features/appearance/appearance.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installPopoverEscape } from './features/common/popoverEscape';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// before any modal listens for Escape
installPopoverEscape();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
