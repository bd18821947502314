import { businessSettingsMaster } from '@fleet/domain';
import { Alert, Anchor, Container, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePermissions } from '../../app/session';
import { showToast } from '../../app/toast/toast-store';
import { errorMessage, trpc } from '../../lib/trpc';
import { PageHeader } from '../common/list/page-header';
import { MasterForm } from './master-form';

/** /business-settings: the operator's one settings record, shown as the master form. */
export default function BusinessSettingsPage() {
  const api = trpc.masters[businessSettingsMaster.kind];
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const canManage = permissions?.has(businessSettingsMaster.manage) ?? false;
  const current = useQuery(api.get.queryOptions());
  const save = useMutation(
    api.save.mutationOptions({
      onSuccess: () => {
        showToast('Business settings saved.');
        queryClient.invalidateQueries({ queryKey: api.get.queryKey() });
      },
    }),
  );
  return (
    <Container size="md" py="md">
      <PageHeader
        title="Business settings"
        actions={
          <Anchor component={Link} to="/business-settings/message-templates" size="sm">
            Message templates
          </Anchor>
        }
      />
      <Stack>
        {current.error ? <Alert color="red">{errorMessage(current.error)}</Alert> : null}
        {!canManage ? (
          <Alert color="blue">
            You can see these settings; changing them needs the permission to manage company profiles.
          </Alert>
        ) : null}
        {current.isLoading ? (
          <Loader />
        ) : (
          <MasterForm
            key={current.data?.id ?? 'new'}
            definition={businessSettingsMaster}
            values={current.data?.values}
            saving={save.isPending}
            onSubmit={(values) => save.mutateAsync({ values })}
          />
        )}
      </Stack>
    </Container>
  );
}
