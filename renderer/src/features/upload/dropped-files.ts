/** A file the browser handed the page, with its path inside the drop (`photos/2024/a.jpg`). */
export interface PickedFile {
  file: File
  relPath: string
}

/** What a drop or a file input holds: files, and folders that would otherwise vanish (empty ones). */
export interface PickedTree {
  files: PickedFile[]
  /** Relative paths of empty folders. */
  emptyDirs: string[]
}

/**
 * Reads a drop. The entries must be taken while the drop event runs (the DataTransfer is emptied after it), so
 * this is synchronous up to the first await. Folders are walked with the entries API (webkitGetAsEntry), the
 * only way a page learns a dropped folder's tree; an item without an entry (a DataTransfer built by a script)
 * falls back to its File.
 */
export function readDrop(data: DataTransfer): Promise<PickedTree> {
  const items = Array.from(data.items).filter((i) => i.kind === 'file')
  const taken = items.map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }))
  if (items.length === 0) for (const file of Array.from(data.files)) taken.push({ entry: null, file })
  return (async () => {
    const tree: PickedTree = { files: [], emptyDirs: [] }
    for (const { entry, file } of taken) {
      if (entry) await walk(entry, '', tree)
      else if (file) tree.files.push({ file, relPath: file.webkitRelativePath || file.name })
    }
    return tree
  })()
}

/** A file input's files (a folder picked with webkitdirectory carries each file's path inside it). */
export function readFileList(files: FileList | readonly File[]): PickedTree {
  return {
    files: Array.from(files, (file) => ({ file, relPath: file.webkitRelativePath || file.name })),
    emptyDirs: [],
  }
}

async function walk(entry: FileSystemEntry, parent: string, tree: PickedTree): Promise<void> {
  const relPath = parent === '' ? entry.name : `${parent}/${entry.name}`
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    )
    tree.files.push({ file, relPath })
    return
  }
  const children = await readAll((entry as FileSystemDirectoryEntry).createReader())
  if (children.length === 0) tree.emptyDirs.push(relPath)
  for (const child of children) await walk(child, relPath, tree)
}

/** readEntries answers in chunks (100 at a time in Chromium) until it answers none. */
async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const out: FileSystemEntry[] = []
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (chunk.length === 0) return out
    out.push(...chunk)
  }
}

/** The distinct top-level names of a tree, in order: what gets queued (a folder once, with its name). */
export function topLevel(tree: PickedTree): string[] {
  const tops = new Set<string>()
  for (const f of tree.files) tops.add(f.relPath.split('/')[0] as string)
  for (const d of tree.emptyDirs) tops.add(d.split('/')[0] as string)
  return [...tops]
}
