import { CONSOLE_LANGS, type ConsoleLang, contestNameMax } from '@taikai/protocol';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { carryNames, type NameFields, nameProblem } from './nameFields';

/**
 * The tournament-name part of a form (create dialog and Info tab): the multi-language switch, then either
 * one name per console language or the single name. Turning the switch carries the names typed so far over.
 */
export function ContestNameFields({
  multi,
  testIdPrefix,
  multiLabel,
  nameLabel,
}: {
  /** Whether the per-language names are shown (the form's `multi` as the page reads it). */
  multi: boolean;
  testIdPrefix: 'create' | 'info';
  multiLabel: string;
  nameLabel: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NameFields>();
  const nameRule = useNameRule();
  return (
    <>
      <Form.Item name="multi" label={multiLabel} valuePropName="checked">
        <Switch
          data-testid={`${testIdPrefix}-multi-language`}
          onChange={(on) =>
            form.setFieldsValue(carryNames(form.getFieldsValue(['name', 'names']), on, currentLanguage()))
          }
        />
      </Form.Item>
      {multi ? (
        CONSOLE_LANGS.map((lang) => (
          <Form.Item
            key={lang}
            name={['names', lang]}
            label={t('create.namePerLanguage', { language: t(`language.${lang}`) })}
            rules={[nameRule(lang)]}
          >
            <Input data-testid={`${testIdPrefix}-name-${lang}`} />
          </Form.Item>
        ))
      ) : (
        <Form.Item name="name" label={nameLabel} rules={[nameRule('default')]}>
          <Input data-testid={`${testIdPrefix}-name`} />
        </Form.Item>
      )}
    </>
  );
}

/**
 * The form rule of one name field: required, and within the limit of its own language (25 for Chinese
 * and the single name, 50 for the others), said in the reader's language.
 */
function useNameRule() {
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
