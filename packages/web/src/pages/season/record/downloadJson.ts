import { saveFile } from '../../../components/saveFile';

/** Makes the browser save `value` as the JSON file `fileName`. */
export function downloadJson(fileName: string, value: unknown): void {
  saveFile(fileName, new Blob([JSON.stringify(value)], { type: 'application/json' }));
}
