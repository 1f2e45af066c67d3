import type { ConsoleLang } from '@taikai/protocol';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

interface LocaleSet {
  antd: Locale;
  dayjs: string;
  html: string;
}

// The fallback language's locales ship with the page.
const CHS: LocaleSet = { antd: zhCN, dayjs: 'zh-cn', html: 'zh-CN' };

// antd's and dayjs's locale for each console language.
const LOADERS: Record<ConsoleLang, () => Promise<LocaleSet>> = {
  chs: async () => CHS,
  chs_t: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { antd: antd.default, dayjs: 'zh-tw', html: 'zh-TW' };
  },
  jp: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/ja_JP'), import('dayjs/locale/ja')]);
    return { antd: antd.default, dayjs: 'ja', html: 'ja' };
  },
  en: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/en_US'), import('dayjs/locale/en')]);
    return { antd: antd.default, dayjs: 'en', html: 'en' };
  },
  kr: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/ko_KR'), import('dayjs/locale/ko')]);
    return { antd: antd.default, dayjs: 'ko', html: 'ko' };
  },
};

const loaded = new Map<ConsoleLang, LocaleSet>();

/** Fetches antd's and dayjs's locale of `lang` once. */
export async function loadAntdLocale(lang: ConsoleLang): Promise<void> {
  if (!loaded.has(lang)) loaded.set(lang, await LOADERS[lang]());
}

/** Switches dayjs and the document language, and returns the antd locale for `lang` (loaded before). */
export function applyLocale(lang: ConsoleLang): Locale {
  const locale = loaded.get(lang) ?? CHS;
  dayjs.locale(locale.dayjs);
  document.documentElement.lang = locale.html;
  return locale.antd;
}
