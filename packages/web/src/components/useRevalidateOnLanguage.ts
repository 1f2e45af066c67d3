import type { FormInstance } from 'antd/es/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Field errors are texts made when the field was checked. When the organiser switches the console's
 * language, the fields showing an error are checked again so their messages follow the new language.
 */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const shownIn = useRef(i18n.language);
  useEffect(() => {
    if (shownIn.current === i18n.language) return;
    shownIn.current = i18n.language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined);
  }, [i18n.language, form]);
}
