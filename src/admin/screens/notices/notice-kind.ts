import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** What every published notice has, whatever else its kind adds. */
export interface AdminNotice {
  id: string;
  status: string;
  updatedAt: string;
  updates: { id: string; body: string; createdAt: string }[];
}

/** The form of a notice, new or saved; `onSave` gets it as the API takes it. */
export interface NoticeFormProps<Notice, Input> {
  notice?: Notice;
  onSave: (input: Input) => Promise<unknown>;
  submitLabel: string;
}

/**
 * One kind of published notice in the admin (cortes, avisos): its screens' words, its API and its
 * form. The screens in this folder are the same for both; each kind's folder holds what is its own.
 */
export interface NoticeKind<Notice extends AdminNotice, Input> {
  /** The list's address and title, which each of its screens links back to. */
  list: { path: string; title: string };
  /** The new one's title: "Nuevo corte". */
  newTitle: string;
  /** The heading of the data section: "Datos del corte". */
  dataTitle: string;
  useOne: (id: string) => UseQueryResult<Notice>;
  // A method, so that each kind's own narrower list of changes is one of these.
  useChange(
    id: string | undefined,
    change: { method: 'POST'; path: '' | '/updates' } | { method: 'PUT' | 'DELETE'; path: '' },
  ): UseMutationResult<Notice | undefined, Error, unknown>;
  Form: ComponentType<NoticeFormProps<Notice, Input>>;
}
