import { useEffect, useRef, useState } from 'react'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { readDrop } from './dropped-files.ts'
import { enqueuePaths, enqueueTree } from './enqueue.ts'
import { type UploadTarget, useUploadTarget } from './use-upload-target.ts'

/**
 * Files and folders dragged from the OS onto any part of the window: an overlay says where they will go, and
 * the drop queues them (Electron: by path; browser host: sent to the host first). Drags that carry no files
 * (text, links, rows of the file list) are left alone.
 */
export function DropZone() {
  const target = useUploadTarget()
  const [over, setOver] = useState(false)
  const targetRef = useRef<UploadTarget | null>(target)
  targetRef.current = target

  useEffect(() => {
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') === true
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
      setOver(true)
    }
    // relatedTarget is null only when the pointer leaves the window (or the drag is cancelled).
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false)
    }
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return
      e.preventDefault()
      setOver(false)
      const t = targetRef.current
      if (!t) return
      if (api.pathsForFiles) {
        const paths = api.pathsForFiles(Array.from(e.dataTransfer.files)).filter((p) => p !== '')
        void enqueuePaths(paths, t)
      } else {
        void readDrop(e.dataTransfer).then((tree) => enqueueTree(tree, t))
      }
    }
    window.addEventListener('dragenter', onOver)
    window.addEventListener('dragover', onOver)
    window.addEventListener('dragleave', onLeave)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragenter', onOver)
      window.removeEventListener('dragover', onOver)
      window.removeEventListener('dragleave', onLeave)
      window.removeEventListener('drop', onDrop)
    }
  }, [])

  if (!over || !target) return null
  return (
    <div className="drop-overlay" aria-live="polite">
      <div className="drop-card">
        <Icon name="upload" size={36} />
        <strong>Drop to upload to {target.label}</strong>
        <span className="muted">Folders are uploaded with everything in them.</span>
      </div>
    </div>
  )
}
