import { useEffect } from "react";
import { useLocation } from "wouter";
import { prefersMotion, scrollToHash } from "./AppLink.js";

/** On every navigation the page scrolls smoothly to the top, or to the section the address names. */
export function ScrollOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    const hash = window.location.hash;
    if (hash) {
      // Wait a frame so that the new screen (and its section) is in the document.
      requestAnimationFrame(() => scrollToHash(hash));
      return;
    }
    window.scrollTo({ top: 0, behavior: prefersMotion() ? "smooth" : "auto" });
  }, [location]);
  return null;
}
