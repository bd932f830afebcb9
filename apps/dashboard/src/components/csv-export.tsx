'use client';

import { useEffect, useRef, useState } from 'react';
import { csvRowsReceived } from '../lib/classes';
import { formatCount } from '../lib/format';
import type { ErrorInfo } from '../lib/graphql';
import { ErrorNotice } from './error-notice';

interface Progress {
  readonly bytes: number;
  readonly total: number | null;
  readonly rows: number;
}

type ExportState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running'; readonly progress: Progress }
  | { readonly kind: 'done'; readonly progress: Progress; readonly url: string; readonly filename: string }
  | { readonly kind: 'failed'; readonly error: ErrorInfo };

function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/);
  return match?.[1] ?? fallback;
}

/** Streams a CSV export from `href`, showing the bytes and rows received, then offers the file to save. */
export function CsvExport({ href, fallbackName, label }: { href: string; fallbackName: string; label: string }) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    setState({ kind: 'running', progress: { bytes: 0, total: null, rows: 0 } });
    try {
      const response = await fetch(href, { signal: controller.signal, cache: 'no-store' });
      if (!response.ok || response.body === null) {
        const text = await response.text().catch(() => '');
        setState({ kind: 'failed', error: exportError(response.status, text) });
        return;
      }
      const length = Number(response.headers.get('content-length'));
      const total = Number.isFinite(length) && length > 0 ? length : null;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        text += decoder.decode(value, { stream: true });
        setState({ kind: 'running', progress: { bytes, total, rows: csvRowsReceived(text) } });
      }
      text += decoder.decode();
      const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'text/csv' });
      const url = URL.createObjectURL(blob);
      objectUrl.current = url;
      setState({
        kind: 'done',
        progress: { bytes, total: total ?? bytes, rows: csvRowsReceived(text, true) },
        url,
        filename: filenameOf(response.headers.get('content-disposition'), fallbackName),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', error: { title: 'The export failed', message: error instanceof Error ? error.message : String(error), code: null } });
    }
  }

  const progress = state.kind === 'running' || state.kind === 'done' ? state.progress : null;
  return (
    <div className="csv-export" data-testid="csv-export">
      <button type="button" className="button" onClick={() => void start()} disabled={state.kind === 'running'}>
        {state.kind === 'running' ? 'Exporting…' : label}
      </button>
      {progress !== null ? (
        <p className="small" role="status" data-testid="export-progress" data-state={state.kind} data-rows={progress.rows}>
          <progress className="progress" max={progress.total ?? undefined} value={progress.total === null ? undefined : progress.bytes} />{' '}
          {formatCount(progress.bytes)} bytes{progress.total !== null ? ` of ${formatCount(progress.total)}` : ''}, {formatCount(progress.rows)}{' '}
          {progress.rows === 1 ? 'row' : 'rows'} received{state.kind === 'done' ? ': complete.' : '…'}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <a className="button" href={state.url} download={state.filename} data-testid="export-download">
          Save {state.filename}
        </a>
      ) : null}
      {state.kind === 'failed' ? <ErrorNotice error={state.error} /> : null}
    </div>
  );
}

function exportError(status: number, body: string): ErrorInfo {
  let message = body.trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } };
    const inner = parsed.error?.message ?? parsed.message;
    if (typeof inner === 'string') message = inner;
  } catch {
    // not JSON: the text as it came
  }
  return { title: 'The export failed', message: message === '' ? `HTTP ${status}` : message, code: String(status) };
}
