import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import {
  type ExportedMemoryRow,
  exportFileName,
  memoriesToCsv,
  memoriesToJson,
  type MemoryViewDescription,
  saveAsFile,
} from '../utils/memory-export.util';

/** Exports the memories the screen shows now (the current search, sort and category) as JSON or CSV. */
export function ExportViewButton({
  rows,
  view,
}: {
  readonly rows: readonly ExportedMemoryRow[];
  readonly view: MemoryViewDescription;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const save = (format: 'json' | 'csv') => {
    setAnchor(null);
    const now = new Date();
    if (format === 'json')
      saveAsFile(exportFileName('json', now), 'application/json', memoriesToJson(rows, view, now));
    else saveAsFile(exportFileName('csv', now), 'text/csv', memoriesToCsv(rows));
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={rows.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Export view
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => save('json')}>Export as JSON</MenuItem>
        <MenuItem onClick={() => save('csv')}>Export as CSV</MenuItem>
      </Menu>
    </>
  );
}
