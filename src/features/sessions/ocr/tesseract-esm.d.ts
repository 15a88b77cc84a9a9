// Types for the browser ESM build of tesseract.js (engine.ts imports it instead of the CommonJS entry).
declare module "tesseract.js/dist/tesseract.esm.min.js" {
  import type * as Tesseract from "tesseract.js";
  const tesseract: typeof Tesseract;
  export default tesseract;
}
