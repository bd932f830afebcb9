import { diffStates, type Scalar } from '../lib/disputes';

function show(value: Scalar | undefined): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Two engine states side by side: every value that differs, then each whole state to read. */
export function StateComparison({
  left,
  right,
  leftTitle,
  rightTitle,
  unit,
  testId,
}: {
  left: unknown;
  right: unknown;
  leftTitle: string;
  rightTitle: string;
  unit: string;
  testId: string;
}) {
  const changes = diffStates(left, right);
  return (
    <div data-testid={testId}>
      <p className="small muted">Money in the states is in {unit}. {changes.length === 0 ? 'No value differs.' : `${changes.length} values differ.`}</p>
      {changes.length > 0 ? (
        <div className="table-wrap">
          <table className="state-diff">
            <thead>
              <tr>
                <th scope="col">Value</th>
                <th scope="col">{leftTitle}</th>
                <th scope="col">{rightTitle}</th>
              </tr>
            </thead>
            <tbody>
              {changes.slice(0, 200).map((change) => (
                <tr key={change.path} data-path={change.path}>
                  <th scope="row" className="mono small">
                    {change.path}
                  </th>
                  <td className="mono small">{show(change.before)}</td>
                  <td className="mono small">{show(change.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="grid-2">
        <details>
          <summary>{leftTitle}: whole state</summary>
          <pre className="state-json">{JSON.stringify(left, null, 2)}</pre>
        </details>
        <details>
          <summary>{rightTitle}: whole state</summary>
          <pre className="state-json">{JSON.stringify(right, null, 2)}</pre>
        </details>
      </div>
    </div>
  );
}
