import { followUpHref } from '../../../shared/cases/follow-up/texts.ts';

/**
 * The link every form's confirmation carries beside its reference, to where the citizen
 * follows the case with that reference and their e-mail. Denuncias have their own.
 */
export const followUpLink = (reference: string) => ({
  href: followUpHref(reference),
  text: 'Siga su caso en línea',
});
