// Applies the saved theme before first paint (inlined in app/layout.tsx), so a reload never flashes.
export const THEME_SCRIPT = `try{var t=localStorage.getItem("svc.theme");if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
