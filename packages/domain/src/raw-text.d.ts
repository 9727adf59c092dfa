// Tests read data files as text through Vite's ?raw import (the domain has no Node types).
declare module '*?raw' {
  const text: string;
  export default text;
}
