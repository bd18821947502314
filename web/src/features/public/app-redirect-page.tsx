import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { APP_LINKS, platformOf } from './app-links';

/**
 * Sends a phone to the driver app: the app itself through its deep link when installed, otherwise the
 * platform's store. A desktop gets both store links to open on the phone.
 */
export default function AppRedirectPage() {
  const platform = useMemo(() => platformOf(navigator.userAgent), []);
  const store = platform === 'ios' ? APP_LINKS.ios : APP_LINKS.android;

  useEffect(() => {
    if (platform === 'desktop') return;
    // Try the app; if it is not installed the page is still here a moment later, so go to the store.
    const fallback = store ? setTimeout(() => window.location.replace(store), 1500) : undefined;
    window.location.href = APP_LINKS.deepLink + window.location.search;
    return () => clearTimeout(fallback);
  }, [platform, store]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="md" maw={420}>
        <Stack>
          <Title order={2}>Fleet driver app</Title>
          {platform === 'desktop' ? (
            <>
              <Text>Open this page on your phone to open the driver app.</Text>
              {APP_LINKS.android ? (
                <Anchor href={APP_LINKS.android} data-testid="android-link">
                  Get it on Google Play (Android)
                </Anchor>
              ) : null}
              {APP_LINKS.ios ? (
                <Anchor href={APP_LINKS.ios} data-testid="ios-link">
                  Download on the App Store (iPhone)
                </Anchor>
              ) : null}
              {!APP_LINKS.android && !APP_LINKS.ios ? (
                <Text size="sm" c="dimmed" data-testid="no-store-links">
                  Your operator has not published store links for the app yet; ask them for the install link.
                </Text>
              ) : null}
            </>
          ) : (
            <>
              <Text>Opening the driver app…</Text>
              {store ? (
                <Button component="a" href={store}>
                  Not opening? Get the app
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  If nothing opens, the app is not installed yet: ask your operator for the install link.
                </Text>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
