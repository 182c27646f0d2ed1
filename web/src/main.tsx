import { QueryClientProvider } from '@tanstack/react-query';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startLanguage } from './i18n/index.ts';
import { Toaster } from './components/ui/toast.tsx';
import { queryClient } from './lib/queryClient.ts';
import './styles/global.css';

// The texts of the chosen language first, so the first render is already in it (docs/decisions/041).
void startLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RadixTooltip.Provider delayDuration={700}>
          <Toaster>
            <App />
          </Toaster>
        </RadixTooltip.Provider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
