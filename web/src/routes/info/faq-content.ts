import { MAX_FILE_BYTES, MAX_FILES } from "../../../../catalog/file-kinds.js";
import { inWords, onDeviceToolNames } from "../../../../catalog/on-device.js";
import { formatBytes } from "../../lib/format-bytes.js";

export interface FaqCategory {
  id: string;
  title: string;
  questions: ReadonlyArray<{ question: string; answer: string }>;
}

const MAX_SIZE = formatBytes(MAX_FILE_BYTES);
const ON_DEVICE = inWords(onDeviceToolNames());

/** The questions and answers; `lifetime` is how long the server keeps files, in words. */
export const faqCategories = (lifetime: string): readonly FaqCategory[] => [
  {
    id: "general",
    title: "General",
    questions: [
      { question: "Is PDF Toolbox free?", answer: "Yes. Every tool is free to use, with no registration and no watermark on your results." },
      { question: "Do I need to install anything?", answer: "No. Everything works in your web browser, on a phone, tablet or computer." },
      { question: "Who can use the service?", answer: "Anyone aged 16 or over." },
    ],
  },
  {
    id: "security",
    title: "Security & Privacy",
    questions: [
      {
        question: "What happens to my files?",
        answer: `${ON_DEVICE} run in your browser: your files are processed on your device and are not uploaded, unless you switch the tool to our server. Every other tool processes your files on our server, which deletes them automatically ${lifetime} after upload.`,
      },
      {
        question: "Which tools run on our server?",
        answer: `All but ${ON_DEVICE}: conversions, OCR, compression, PDF/A, repair, watermarks, page numbers, annotations and signatures need engines too heavy for a browser, or are not built for it yet. Each tool's page says where it runs.`,
      },
      { question: "Can anyone else download my results?", answer: `Download links use long random identifiers that cannot be guessed, and they expire after ${lifetime}.` },
      { question: "How strong is Protect PDF?", answer: "It uses AES-256 encryption by default. Choose a long password: that is what keeps the document closed." },
    ],
  },
  {
    id: "tools",
    title: "Tools & Features",
    questions: [
      { question: "How large can my files be?", answer: `Up to ${MAX_SIZE} per file.` },
      { question: "How many files can I merge at once?", answer: `Merge PDF accepts up to ${MAX_FILES} files.` },
      { question: "Can I reorder pages before downloading?", answer: "Yes. Organize PDF shows the real pages of your document; drag them into order, rotate, delete or extract them." },
    ],
  },
  {
    id: "troubleshooting",
    title: "Troubleshooting",
    questions: [
      {
        question: "My upload failed. What can I do?",
        answer: `Check that the file is under ${MAX_SIZE}, that your connection is stable, and that the file is not damaged (Repair PDF can help).`,
      },
      { question: "My download did not start.", answer: "Your browser may have blocked it as a pop-up. Allow downloads for this site, or use the Download button shown under the tool." },
      { question: "It says a tool is not available yet.", answer: "That tool's engine is not installed on this server yet. Other tools keep working." },
    ],
  },
  {
    id: "support",
    title: "Contact & Support",
    questions: [
      { question: "How do I reach you?", answer: "Use the contact page. We aim to reply within 24 hours on business days." },
      { question: "Can I run PDF Toolbox myself?", answer: "Yes. It is open source and self-hostable: one command starts the web app and the API." },
    ],
  },
];
