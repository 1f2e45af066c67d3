import { z } from 'zod';
import { LooseId } from './common';

// A whole tournament as one archive (a zip of documented JSON and CSV files; the server's README lists them).

/**
 * `export_contest_archive` (GET): the tournament's archive, answered as the zip itself (`application/zip`),
 * with its exact length in `content-length` so that a download can show its progress.
 */
export const ExportContestArchiveReq = z.object({ unique_id: LooseId });

/** The archive's format name and version, as `archive.json` names them. */
export const ARCHIVE_FORMAT = 'taikai-archive';
export const ARCHIVE_VERSION = 1;
