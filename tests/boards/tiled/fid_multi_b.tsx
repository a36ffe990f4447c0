<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="fid_multi_b" tilewidth="32" tileheight="32" tilecount="15" columns="8">
  <image source="fid_multi_b.png" width="256" height="64"/>
  <tile id="0"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="1"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="2"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="3"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="4"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="5"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="6"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="7"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="8"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="9"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="10"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="11"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="12"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="13"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="14"><properties><property name="space" value="pampas"/></properties></tile>
</tileset>
