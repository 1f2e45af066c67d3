import type { ConsoleLang } from '@taikai/protocol';
import { LANGUAGE_NAMES } from '../../../i18n/languageNames';
import { changeTableLanguage, TABLE_LANGS } from './tableLanguage';

/** The table's language choice in its header, for riichi and chuanma tables alike. */
export function TableLanguageSelect({ lang, label }: { lang: ConsoleLang; label: string }) {
  return (
    <select
      className="tt-lang"
      aria-label={label}
      value={lang}
      data-testid="table-language"
      onChange={(e) => void changeTableLanguage(e.target.value as ConsoleLang)}
    >
      {TABLE_LANGS.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
