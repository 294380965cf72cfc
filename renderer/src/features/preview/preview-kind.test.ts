import { describe, expect, it } from 'vitest'
import { IMAGE_PREVIEW_MAX_BYTES, PDF_PREVIEW_MAX_BYTES, previewPlan } from './preview-kind.ts'

describe('previewPlan', () => {
  it('picks the preview by extension, whatever its case', () => {
    expect(previewPlan('Holiday.JPG', 10).kind).toBe('image')
    expect(previewPlan('clip.webm', 10).kind).toBe('video')
    expect(previewPlan('song.mp3', 10).kind).toBe('audio')
    expect(previewPlan('report.pdf', 10).kind).toBe('pdf')
    expect(previewPlan('notes.txt', 10).kind).toBe('text')
    expect(previewPlan('archive.tar.gz', 10).kind).toBe('none')
    expect(previewPlan('README', 10).kind).toBe('none')
    expect(previewPlan('.txt', 10).kind).toBe('none')
  })

  it('says a PDF or a picture is too large to show whole; video, audio and text are never read whole', () => {
    expect(previewPlan('a.pdf', PDF_PREVIEW_MAX_BYTES)).toEqual({ kind: 'pdf', tooLarge: false })
    expect(previewPlan('a.pdf', PDF_PREVIEW_MAX_BYTES + 1)).toEqual({ kind: 'pdf', tooLarge: true })
    expect(previewPlan('a.png', IMAGE_PREVIEW_MAX_BYTES + 1)).toEqual({ kind: 'image', tooLarge: true })
    expect(previewPlan('a.mp4', 50e9).tooLarge).toBe(false)
    expect(previewPlan('a.log', 50e9).tooLarge).toBe(false)
  })
})
