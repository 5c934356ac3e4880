import type { AssignmentLearner } from '@ai-coaching/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../../lib/http/api';
import {
  assignmentLearnerOperations,
  programAssignmentOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';

// A program's assignments as its managers handle them (docs/programs.md): assign, follow, withdraw, export.

const keys = {
  assignments: (programId: string) => ['coaching', 'program-assignments', programId] as const,
  learners: (assignmentId: string, status: string) =>
    ['coaching', 'assignment-learners', assignmentId, status] as const,
};

export const useProgramAssignments = (programId: string) =>
  useQuery({
    queryKey: keys.assignments(programId),
    queryFn: () => api.call(programAssignmentOperations.list, { params: { id: programId } }),
  });

export type AssignBody = {
  assignees: ({ user_group_id: string } | { user_id: string })[];
  due_at: string;
  time_zone: string;
  message?: string;
};

export const useAssignProgram = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBody) =>
      api.call(
        programAssignmentOperations.create,
        { params: { id: programId }, body },
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.assignments(programId) }),
  });
};

export const useWithdrawAssignment = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api.call(programAssignmentOperations.withdraw, { params: { id: programId, assignment_id: assignmentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coaching'] }),
  });
};

/** One more attempt for a learner on one item (by its index in the program); a failed item is in progress again. */
export const useGrantAttempt = (programId: string, assignmentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, itemIndex }: { userId: string; itemIndex: number }) =>
      api.call(programAssignmentOperations.grantAttempts, {
        params: { id: programId, assignment_id: assignmentId },
        body: { user_id: userId, item_index: itemIndex, attempts: 1 },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coaching', 'assignment-learners', assignmentId] }),
  });
};

/** Which learners of an assignment to show (and export): by status, by group; '' for all. */
export type LearnerFilters = { status: AssignmentLearner['status'] | ''; groupId: string };

const learnerQuery = ({ status, groupId }: LearnerFilters) => ({
  ...(status ? { status } : {}),
  ...(groupId ? { user_group_id: groupId } : {}),
});

export const useAssignmentLearners = (programId: string, assignmentId: string, filters: LearnerFilters) =>
  useQuery({
    queryKey: keys.learners(assignmentId, `${filters.status}/${filters.groupId}`),
    queryFn: () =>
      api.call(assignmentLearnerOperations.list, {
        params: { id: programId, assignment_id: assignmentId },
        query: learnerQuery(filters),
      }),
  });

/** The learners shown, as a CSV file, the header in the interface's language. */
export const useAssignmentCsv = (programId: string, assignmentId: string) =>
  useMutation({
    mutationFn: (filters: LearnerFilters) => {
      const lang = document.documentElement.lang;
      return api.download(assignmentLearnerOperations.export, {
        params: { id: programId, assignment_id: assignmentId },
        query: { ...learnerQuery(filters), ...(lang === 'fr-FR' || lang === 'en-GB' ? { lang } : {}) },
      });
    },
  });

/** Who may be assigned: the organization's groups and people, by name (the spec's largest page of each). */
export const useAssignableGroups = () =>
  useQuery({
    queryKey: ['coaching', 'assignable-groups'],
    queryFn: () => api.call(userGroupOperations.list, { query: { page: 1, page_size: 48, sort: 'name' } }),
  });

export const useAssignableUsers = () =>
  useQuery({
    queryKey: ['coaching', 'assignable-users'],
    queryFn: () => api.call(userOperations.list, { query: { page: 1, page_size: 48, sort: 'name' } }),
  });
