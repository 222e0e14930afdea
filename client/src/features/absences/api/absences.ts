import {
  ABSENCE_MSG,
  absenceSchema,
  type Absence,
  type CreateAbsence,
} from '@common/schemas/absences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateReportViews, queryRoots } from '@/lib/query-roots';

export const absencesQueryKey = (userId: string) =>
  [...queryRoots.mine, 'absences', userId] as const;

/** GET /api/absences?userId=: one person's absences, earliest first. */
export function useAbsences(userId: string) {
  return useQuery({
    queryKey: absencesQueryKey(userId),
    queryFn: () =>
      api.get(`/api/absences?userId=${encodeURIComponent(userId)}`, absenceSchema.array()),
  });
}

/**
 * POST /api/absences and DELETE /api/absences/{id}: who is expected changes, so every view of
 * reports reads again (the absence list is one of them).
 */
export function useAbsenceChanges() {
  const queryClient = useQueryClient();
  const onError = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: error.message });
  const record = useMutation({
    mutationFn: (input: CreateAbsence): Promise<Absence> =>
      api.post('/api/absences', absenceSchema, input),
    onSuccess: () => {
      toast({ title: ABSENCE_MSG.created });
      return invalidateReportViews(queryClient);
    },
    onError: onError('Error al registrar la ausencia'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/absences/${encodeURIComponent(id)}`, z.unknown()),
    onSuccess: () => {
      toast({ title: 'Ausencia eliminada' });
      return invalidateReportViews(queryClient);
    },
    onError: onError('Error al eliminar la ausencia'),
  });
  return { record, remove };
}
