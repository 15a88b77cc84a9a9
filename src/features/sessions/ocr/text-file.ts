const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

export function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/**
 * The reviewed text of an image as a text file named after the image (`김철수_20240102.png` →
 * `김철수_20240102.txt`), so the student name/number in the name and the original name stay.
 */
export function reviewedTextFile(imageName: string, text: string): File {
  const base = imageName.replace(/\.[^./\\]+$/, "") || "답안";
  return new File([text.normalize("NFC")], `${base}.txt`, { type: "text/plain" });
}
