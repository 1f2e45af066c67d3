import { type ConsoleLang, contestNameMax } from '@taikai/protocol';
import { useTranslation } from 'react-i18next';
import { nameProblem } from './createContest';

/**
 * The form rule of one tournament-name field (create dialog and Info tab): required, and within the
 * limit of its own language (25 for Chinese and the single name, 50 for the others), said in the
 * reader's language.
 */
export function useNameRule() {
  const { t } = useTranslation();
  return (lang: ConsoleLang | 'default') => ({
    validator: (_: unknown, value: string | undefined) => {
      const problem = nameProblem(value ?? '', lang);
      if (problem === 'required') return Promise.reject(new Error(t('create.nameRequired')));
      if (problem === 'too_long')
        return Promise.reject(new Error(t('create.nameTooLong', { max: contestNameMax(lang) })));
      return Promise.resolve();
    },
  });
}
