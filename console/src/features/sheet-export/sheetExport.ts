import { consoleLanguageOf } from '@fahrplan/contracts';
import type { SheetFormat, SheetKind } from '@fahrplan/contracts';
import { listParams } from '../api/pages';

/** The list's query as its screen asks it (filters, search, sort); paging is the server's business. */
export type ExportFilter = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface ExportRequest {
  readonly kind: SheetKind;
  readonly format: SheetFormat;
  readonly filter: ExportFilter;
  /** The language the console shows: the file's headers and labels follow it. */
  readonly language: string;
}

/** The request of an export: the path and the list's parameters, without its paging, with `lang`. */
export const exportArgs = ({ kind, format, filter, language }: ExportRequest) => {
  const { limit: _limit, cursor: _cursor, ...rest } = filter;
  const lang = consoleLanguageOf(language);
  return { url: `/exports/${kind}.${format}`, params: listParams({ ...rest, lang }) };
};

/** The file name the server gave (`Content-Disposition`), else one of the kind and format. */
export const fileNameOf = (disposition: string | null, kind: SheetKind, format: SheetFormat): string =>
  /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? `${kind}.${format}`;

/** A downloaded file, held by the browser under an object URL until it is saved. */
export interface DownloadedFile {
  readonly url: string;
  readonly name: string;
}
