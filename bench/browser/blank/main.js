// The baseline of the tutorial bench: a Vite page that does nothing but say it has run.
performance.mark('blank-ready');
