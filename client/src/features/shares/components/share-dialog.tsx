import { SHARE_PERMISSIONS } from '@common/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { usePeers } from '../api/get-peers';
import { useShareReport } from '../api/share-report';
import {
  PERMISSION_LABELS,
  SHARE_FORM_DEFAULTS,
  shareFormSchema,
  toShareRequest,
  type ShareFormValues,
} from '../lib/share-form';

/** The form of 'Compartir APPA con Otro Líder'; mounted afresh each time the dialog opens. */
function ShareForm({ submissionId, onShared }: { submissionId: string; onShared: () => void }) {
  const user = useSignedInUser();
  const peers = usePeers();
  const share = useShareReport();
  const form = useForm<ShareFormValues>({
    resolver: zodResolver(shareFormSchema(user.timezone)),
    defaultValues: SHARE_FORM_DEFAULTS,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const noPeer = !useWatch({ control: form.control, name: 'sharedWithId' });
  const onSubmit = form.handleSubmit((values) =>
    share.mutate(
      { submissionId, ...toShareRequest(values, user.timezone) },
      { onSuccess: onShared },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
      <FormField
        label="Líder"
        error={errors.sharedWithId?.message ?? (peers.isError ? peers.error.message : undefined)}
        hint={peers.isPending ? 'Cargando líderes...' : undefined}
      >
        <NativeSelect {...register('sharedWithId')}>
          <option value="">Selecciona un líder</option>
          {(peers.data ?? []).map((peer) => (
            <option key={peer.id} value={peer.id}>
              {peer.fullName}
              {peer.unidadOrganizacional ? ` · ${peer.unidadOrganizacional}` : ''}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Permiso" error={errors.permission?.message}>
        <NativeSelect {...register('permission')}>
          {SHARE_PERMISSIONS.map((p) => (
            <option key={p} value={p}>
              {PERMISSION_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Vence el (opcional)"
        hint="Sin fecha, el acceso dura hasta que lo revoques"
        error={errors.expiresOn?.message}
      >
        <Input type="date" {...register('expiresOn')} />
      </FormField>
      <DialogFormFooter
        disabled={noPeer}
        pending={share.isPending}
        label="Compartir"
        pendingLabel="Compartiendo..."
      />
    </form>
  );
}

/** 'Compartir' on a sent APPA and its dialog, on the leader's dashboard. */
export function ShareDialog({ submissionId }: { submissionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Compartir
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Compartir APPA con Otro Líder</DialogTitle>
          <DialogDescription>
            La persona elegida podrá ver este APPA y, si lo permites, comentarlo.
          </DialogDescription>
        </DialogHeader>
        {open ? <ShareForm submissionId={submissionId} onShared={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
