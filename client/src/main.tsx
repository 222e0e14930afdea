import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from 'zod/mini';
import { App } from '@/app/app';
import './index.css';

// Our Content-Security-Policy forbids eval: tell zod not to probe for `new Function`.
config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
