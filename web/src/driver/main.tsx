import '@mantine/core/styles.css';
import { registerSW } from 'virtual:pwa-register';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { wholeWordBadge } from '../features/common/whole-word-badge';
import { DriverApp } from './app';
import { createDriverRuntime } from './runtime';
import { RuntimeProvider } from './runtime-context';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: { Badge: wholeWordBadge },
});

// The service worker (scope /driver/) keeps the app's shell on the phone so it opens offline. A new
// version is fetched in the background and shown at the next launch: the page in use is never reloaded
// under the driver's fingers (a form half filled stays).
registerSW({ immediate: true, onNeedReload: () => undefined });

async function start() {
  const runtime = await createDriverRuntime();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <RuntimeProvider runtime={runtime}>
          <QueryClientProvider client={runtime.queryClient}>
            <DriverApp />
          </QueryClientProvider>
        </RuntimeProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
