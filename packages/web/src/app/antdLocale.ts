import type { ConsoleLang } from '@taikai/protocol';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import jaJP from 'antd/es/locale/ja_JP';
import koKR from 'antd/es/locale/ko_KR';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/** antd's and dayjs's locale for each console language. */
const LOCALES: Record<ConsoleLang, { antd: Locale; dayjs: string; html: string }> = {
  chs: { antd: zhCN, dayjs: 'zh-cn', html: 'zh-CN' },
  chs_t: { antd: zhTW, dayjs: 'zh-tw', html: 'zh-TW' },
  jp: { antd: jaJP, dayjs: 'ja', html: 'ja' },
  en: { antd: enUS, dayjs: 'en', html: 'en' },
  kr: { antd: koKR, dayjs: 'ko', html: 'ko' },
};

/** Switches dayjs and the document language, and returns the antd locale for `lang`. */
export function applyLocale(lang: ConsoleLang): Locale {
  const locale = LOCALES[lang];
  dayjs.locale(locale.dayjs);
  document.documentElement.lang = locale.html;
  return locale.antd;
}
